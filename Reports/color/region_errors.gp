# Drags that changed colours the task does not target
# Re-run with: gnuplot region_errors.gp   (writes region_errors.png and region_errors.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "region_errors.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Drags that changed colours the task does not target"
set xlabel "region errors per trial"
set ylabel "fraction of trials"
set yrange [0:1]
set xrange [0:*]
plot "region_errors.dat" index 0 using 1:2 with steps linewidth 2 linecolor 1 title "four-controls-two-axis", \
     "region_errors.dat" index 1 using 1:2 with steps linewidth 2 linecolor 2 title "four-controls-one-axis", \
     "region_errors.dat" index 2 using 1:2 with steps linewidth 2 linecolor 3 title "on-image"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "region_errors.svg"
replot
unset output
