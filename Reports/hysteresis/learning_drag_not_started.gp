# Learning curve: drag_not_started by trial in the session
# Re-run with: gnuplot learning_drag_not_started.gp   (writes learning_drag_not_started.png and learning_drag_not_started.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_drag_not_started.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Learning curve: drag_not_started by trial in the session"
set xlabel "trial in the session"
set ylabel "drag_not_started (mean)"
set xrange [0.5:14.5]
set yrange [0:1.05]
plot "learning_drag_not_started.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "hysteresis-10", \
     "learning_drag_not_started.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "hysteresis-0", \
     "learning_drag_not_started.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "hysteresis-20"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_drag_not_started.svg"
replot
unset output
