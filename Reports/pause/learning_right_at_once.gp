# Learning curve: right_at_once by trial in the session
# Re-run with: gnuplot learning_right_at_once.gp   (writes learning_right_at_once.png and learning_right_at_once.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_right_at_once.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Learning curve: right_at_once by trial in the session"
set xlabel "trial in the session"
set ylabel "right_at_once (mean)"
set xrange [0.5:9.5]
set yrange [0:1.05]
plot "learning_right_at_once.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "pause-timer", \
     "learning_right_at_once.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "pause-acceleration"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_right_at_once.svg"
replot
unset output
