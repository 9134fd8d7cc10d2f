# Pause latency, first slides meant as pauses (missed pauses never reach 1)
# Re-run with: gnuplot ecdf_pause_latency.gp   (writes ecdf_pause_latency.png and ecdf_pause_latency.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "ecdf_pause_latency.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Pause latency, first slides meant as pauses (missed pauses never reach 1)"
set xlabel "pause latency: cards in − finger at rest (s)"
set ylabel "fraction of trials"
set yrange [0:1]
set xrange [0:*]
plot "ecdf_pause_latency.dat" index 0 using 1:2 with steps linewidth 2 linecolor 1 title "pause-timer", \
     "ecdf_pause_latency.dat" index 1 using 1:2 with steps linewidth 2 linecolor 2 title "pause-acceleration"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "ecdf_pause_latency.svg"
replot
unset output
