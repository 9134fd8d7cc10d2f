# Learning curve: swipes by trial in the session
# Re-run with: gnuplot learning_swipes.gp   (writes learning_swipes.png and learning_swipes.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_swipes.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Learning curve: swipes by trial in the session"
set xlabel "trial in the session"
set ylabel "swipes (median)"
set xrange [0.5:8.5]
set yrange [0:*]
plot "learning_swipes.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "momentum-rubber-band", \
     "learning_swipes.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "momentum-hard-stop", \
     "learning_swipes.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "no-momentum-rubber-band", \
     "learning_swipes.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "no-momentum-hard-stop"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_swipes.svg"
replot
unset output
