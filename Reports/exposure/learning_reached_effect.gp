# Learning curve: reached_effect by trial in the session
# Re-run with: gnuplot learning_reached_effect.gp   (writes learning_reached_effect.png and learning_reached_effect.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_reached_effect.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Learning curve: reached_effect by trial in the session"
set xlabel "trial in the session"
set ylabel "reached_effect (mean)"
set xrange [0.5:5.5]
set yrange [0:1.05]
plot "learning_reached_effect.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "six-sliders", \
     "learning_reached_effect.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "histogram-touch", \
     "learning_reached_effect.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "histogram-bottom", \
     "learning_reached_effect.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "exposure-control", \
     "learning_reached_effect.dat" index 4 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 5 title "crammed-control", \
     "learning_reached_effect.dat" index 5 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 6 title "on-image"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_reached_effect.svg"
replot
unset output
