# Position error of dragged content at lift
# Re-run with: gnuplot ecdf_position_error.gp   (writes ecdf_position_error.png and ecdf_position_error.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "ecdf_position_error.png"
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
set title "Position error of dragged content at lift"
set xlabel "content travel minus the meant distance, absolute (pt)"
set ylabel "fraction of trials"
set yrange [0:1]
set xrange [0:*]
plot "ecdf_position_error.dat" index 0 using 1:2 with steps linewidth 2 linecolor 1 title "hysteresis-10", \
     "ecdf_position_error.dat" index 1 using 1:2 with steps linewidth 2 linecolor 2 title "hysteresis-0", \
     "ecdf_position_error.dat" index 2 using 1:2 with steps linewidth 2 linecolor 3 title "hysteresis-20"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "ecdf_position_error.svg"
replot
unset output
