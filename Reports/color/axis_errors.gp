# Moves along the wrong axis of a two-axis control
# Re-run with: gnuplot axis_errors.gp   (writes axis_errors.png and axis_errors.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "axis_errors.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
# Okabe–Ito colours, distinguishable with every common colour-vision deficiency
set linetype 1 linecolor rgb "#0072B2"
set linetype 2 linecolor rgb "#D55E00"
set linetype 3 linecolor rgb "#009E73"
set linetype 4 linecolor rgb "#CC79A7"
set linetype 5 linecolor rgb "#E69F00"
set linetype 6 linecolor rgb "#56B4E9"
set linetype 7 linecolor rgb "#000000"
set linetype 8 linecolor rgb "#F0E442"
set linetype cycle 8
set title "Moves along the wrong axis of a two-axis control"
set xlabel "axis errors per trial"
set ylabel "fraction of trials"
set yrange [0:1]
set xrange [0:*]
plot "axis_errors.dat" index 0 using 1:2 with steps linewidth 2 linecolor 1 title "four-controls-two-axis", \
     "axis_errors.dat" index 1 using 1:2 with steps linewidth 2 linecolor 2 title "four-controls-one-axis", \
     "axis_errors.dat" index 2 using 1:2 with steps linewidth 2 linecolor 3 title "on-image"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "axis_errors.svg"
replot
unset output
