# Learning over the session: time until done, s (median) by trial
# Re-run with: gnuplot learning_time_by_layout.gp   (writes learning_time_by_layout.png and learning_time_by_layout.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_time_by_layout.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Learning over the session: time until done, s (median) by trial"
set xlabel "trial in the session"
set ylabel "time until done, s (median)"
set yrange [0:*]
plot "learning_time_by_layout.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "1-D plain", \
     "learning_time_by_layout.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "1-D gradient", \
     "learning_time_by_layout.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "2-D plain", \
     "learning_time_by_layout.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "2-D gradient"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_time_by_layout.svg"
replot
unset output
