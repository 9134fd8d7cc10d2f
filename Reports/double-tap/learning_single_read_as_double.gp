# Learning curve: single_read_as_double by trial in the session
# Re-run with: gnuplot learning_single_read_as_double.gp   (writes learning_single_read_as_double.png and learning_single_read_as_double.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_single_read_as_double.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Learning curve: single_read_as_double by trial in the session"
set xlabel "trial in the session"
set ylabel "single_read_as_double (mean)"
set xrange [0.5:14.5]
set yrange [0:1.05]
plot "learning_single_read_as_double.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "double-tap-zoom", \
     "learning_single_read_as_double.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "no-double-tap"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_single_read_as_double.svg"
replot
unset output
