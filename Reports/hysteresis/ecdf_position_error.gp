# Position error of dragged content at lift
# Re-run with: gnuplot ecdf_position_error.gp   (writes ecdf_position_error.png and ecdf_position_error.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "ecdf_position_error.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Position error of dragged content at lift"
set xlabel "content travel minus the meant distance, absolute (pt)"
set ylabel "fraction of trials"
set yrange [0:1]
set xrange [0:*]
plot "ecdf_position_error.dat" index 0 using 1:2 with steps linewidth 2 linecolor 1 title "hysteresis-10", \
     "ecdf_position_error.dat" index 1 using 1:2 with steps linewidth 2 linecolor 2 title "hysteresis-0", \
     "ecdf_position_error.dat" index 2 using 1:2 with steps linewidth 2 linecolor 3 title "hysteresis-20"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "ecdf_position_error.svg"
replot
unset output
