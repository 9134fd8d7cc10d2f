# Effect on right_first_time as gesture.edge_band_scale varies
# Re-run with: gnuplot sensitivity_gesture_edge_band_scale.gp   (writes sensitivity_gesture_edge_band_scale.png and sensitivity_gesture_edge_band_scale.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "sensitivity_gesture_edge_band_scale.png"
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
set title "Difference in right_first_time against the first strategy, by gesture.edge_band_scale"
set xlabel "depth of the bands along the top and bottom edges where the system's edge gestures see a touch first, as a multiple of the device's safe-area insets there"
set ylabel "difference in right first time"
set xzeroaxis linetype -1
set offsets graph 0.05, graph 0.05, 0, 0
plot "sensitivity_gesture_edge_band_scale.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "inset-panel vs edge", "sensitivity_gesture_edge_band_scale.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle, \
     "sensitivity_gesture_edge_band_scale.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "over-capture vs edge", "sensitivity_gesture_edge_band_scale.dat" index 1 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 2 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "sensitivity_gesture_edge_band_scale.svg"
replot
unset output
