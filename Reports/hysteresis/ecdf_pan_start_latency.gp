# Pan start latency (drags that started on the first touch)
# Re-run with: gnuplot ecdf_pan_start_latency.gp   (writes ecdf_pan_start_latency.png and ecdf_pan_start_latency.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "ecdf_pan_start_latency.png"
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
set title "Pan start latency (drags that started on the first touch)"
set xlabel "pan start latency after the finger starts to slide (s)"
set ylabel "fraction of trials"
set yrange [0:1]
set xrange [0:*]
plot "ecdf_pan_start_latency.dat" index 0 using 1:2 with steps linewidth 2 linecolor 1 title "hysteresis-10", \
     "ecdf_pan_start_latency.dat" index 1 using 1:2 with steps linewidth 2 linecolor 2 title "hysteresis-0", \
     "ecdf_pan_start_latency.dat" index 2 using 1:2 with steps linewidth 2 linecolor 3 title "hysteresis-20"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "ecdf_pan_start_latency.svg"
replot
unset output
