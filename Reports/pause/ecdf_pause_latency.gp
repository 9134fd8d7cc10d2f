# Pause latency, first slides meant as pauses (missed pauses never reach 1)
# Re-run with: gnuplot ecdf_pause_latency.gp   (writes ecdf_pause_latency.png and ecdf_pause_latency.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "ecdf_pause_latency.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
# Okabe–Ito colours, distinguishable with every common colour-vision deficiency
set linetype 1 linecolor rgb "#0072B2"
set linetype 2 linecolor rgb "#D55E00"
set linetype 3 linecolor rgb "#009E73"
set linetype 4 linecolor rgb "#CC79A7"
set linetype 5 linecolor rgb "#E69F00"
set linetype 6 linecolor rgb "#56B4E9"
set linetype 7 linecolor rgb "#000000"
set linetype 8 linecolor rgb "#F0E442"
set linetype cycle 8
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
