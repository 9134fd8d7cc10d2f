# Learning curve: tap_latency_s by trial in the session
# Re-run with: gnuplot learning_tap_latency_s.gp   (writes learning_tap_latency_s.png and learning_tap_latency_s.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "learning_tap_latency_s.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Learning curve: tap_latency_s by trial in the session"
set xlabel "trial in the session"
set ylabel "tap_latency_s (median)"
set xrange [0.5:14.5]
set yrange [0:*]
plot "learning_tap_latency_s.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "double-tap-zoom", \
     "learning_tap_latency_s.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "no-double-tap"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "learning_tap_latency_s.svg"
replot
unset output
