# Matching tasks: time until the look matches the goal
# Re-run with: gnuplot ecdf_time_to_effect.gp   (writes ecdf_time_to_effect.png and ecdf_time_to_effect.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "ecdf_time_to_effect.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Matching tasks: time until the look matches the goal"
set xlabel "time to effect (s)"
set ylabel "fraction of trials"
set yrange [0:1]
set xrange [0:*]
set arrow from 10.0, graph 0 to 10.0, graph 1 nohead dashtype 2
set label "10 s" at 10.0, graph 0.05 offset 0.5,0
plot "ecdf_time_to_effect.dat" index 0 using 1:2 with steps linewidth 2 linecolor 1 title "grid-sliders", \
     "ecdf_time_to_effect.dat" index 1 using 1:2 with steps linewidth 2 linecolor 2 title "grid-swipe", \
     "ecdf_time_to_effect.dat" index 2 using 1:2 with steps linewidth 2 linecolor 3 title "book-sliders", \
     "ecdf_time_to_effect.dat" index 3 using 1:2 with steps linewidth 2 linecolor 4 title "book-swipe"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "ecdf_time_to_effect.svg"
replot
unset output
