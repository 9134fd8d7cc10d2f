# Single-tap latency (dashed: the first strategy's double-tap window)
# Re-run with: gnuplot ecdf_tap_latency.gp   (writes ecdf_tap_latency.png and ecdf_tap_latency.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "ecdf_tap_latency.png"
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
set title "Single-tap latency (dashed: the first strategy's double-tap window)"
set xlabel "from a single tap's lift to the app acting (s)"
set ylabel "fraction of trials"
set yrange [0:1]
set xrange [0:*]
set arrow from 0.3, graph 0 to 0.3, graph 1 nohead dashtype 2
set label "0.3 s" at 0.3, graph 0.05 offset 0.5,0
plot "ecdf_tap_latency.dat" index 0 using 1:2 with steps linewidth 2 linecolor 1 title "double-tap-zoom", \
     "ecdf_tap_latency.dat" index 1 using 1:2 with steps linewidth 2 linecolor 2 title "no-double-tap"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "ecdf_tap_latency.svg"
replot
unset output
