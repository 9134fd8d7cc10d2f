# Learning curve: time_to_done_s by trial in the session
# Re-run with: gnuplot learning_time_to_done_s.gp   (writes learning_time_to_done_s.png and learning_time_to_done_s.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_time_to_done_s.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Learning curve: time_to_done_s by trial in the session"
set xlabel "trial in the session"
set ylabel "time_to_done_s (median)"
set xrange [0.5:2.5]
set yrange [0:*]
plot "learning_time_to_done_s.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "toolbox", \
     "learning_time_to_done_s.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "popup", \
     "learning_time_to_done_s.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "bricks", \
     "learning_time_to_done_s.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "brush-row", \
     "learning_time_to_done_s.dat" index 4 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 5 title "bottom-icons"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_time_to_done_s.svg"
replot
unset output
