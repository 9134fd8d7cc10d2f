# Learning curve: tap_read_as_pan by trial in the session
# Re-run with: gnuplot learning_tap_read_as_pan.gp   (writes learning_tap_read_as_pan.png and learning_tap_read_as_pan.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_tap_read_as_pan.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Learning curve: tap_read_as_pan by trial in the session"
set xlabel "trial in the session"
set ylabel "tap_read_as_pan (mean)"
set xrange [0.5:14.5]
set yrange [0:1.05]
plot "learning_tap_read_as_pan.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "hysteresis-10", \
     "learning_tap_read_as_pan.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "hysteresis-0", \
     "learning_tap_read_as_pan.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "hysteresis-20"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_tap_read_as_pan.svg"
replot
unset output
