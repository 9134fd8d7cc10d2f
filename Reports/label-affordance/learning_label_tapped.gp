# Learning curve: label_tapped by trial in the session
# Re-run with: gnuplot learning_label_tapped.gp   (writes learning_label_tapped.png and learning_label_tapped.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_label_tapped.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Learning curve: label_tapped by trial in the session"
set xlabel "trial in the session"
set ylabel "label_tapped (mean)"
set xrange [0.5:6.5]
set yrange [0:1.05]
plot "learning_label_tapped.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "button-like-title", \
     "learning_label_tapped.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "plain-title"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_label_tapped.svg"
replot
unset output
