# Overshoot past the item by distance (95% intervals over participants)
# Re-run with: gnuplot overshoot_by_distance.gp   (writes overshoot_by_distance.png and overshoot_by_distance.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "overshoot_by_distance.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Overshoot past the item by distance"
set xlabel "distance to scroll (pt)"
set ylabel "pt past the target (mean)"
set yrange [0:*]
set key top left
plot "overshoot_by_distance.dat" index 0 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 1 title "momentum-rubber-band", \
     "overshoot_by_distance.dat" index 1 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 2 title "momentum-hard-stop", \
     "overshoot_by_distance.dat" index 2 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 3 title "no-momentum-rubber-band", \
     "overshoot_by_distance.dat" index 3 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 4 title "no-momentum-hard-stop"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "overshoot_by_distance.svg"
replot
unset output
