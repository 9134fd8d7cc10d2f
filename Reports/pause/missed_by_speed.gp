# Missed pauses by the slide's peak speed (95% intervals over participants; bins of at least 5 trials)
# Re-run with: gnuplot missed_by_speed.gp   (writes missed_by_speed.png and missed_by_speed.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "missed_by_speed.png"
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
set title "Missed pauses by the slide's peak speed"
set xlabel "peak speed of the slide (pt/s)"
set ylabel "rate"
set yrange [0:1.05]
set xrange [0:4000.0]
plot "missed_by_speed.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "pause-timer", "missed_by_speed.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle, \
     "missed_by_speed.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "pause-acceleration", "missed_by_speed.dat" index 1 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 2 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "missed_by_speed.svg"
replot
unset output
