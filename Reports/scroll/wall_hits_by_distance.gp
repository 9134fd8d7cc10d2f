# Wall hits per trial by distance to the item (95% intervals over participants)
# Re-run with: gnuplot wall_hits_by_distance.gp   (writes wall_hits_by_distance.png and wall_hits_by_distance.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "wall_hits_by_distance.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Wall hits per trial by distance to the item"
set xlabel "distance to scroll (pt)"
set ylabel "wall hits (mean)"
set yrange [0:*]
set key top left
plot "wall_hits_by_distance.dat" index 0 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 1 title "momentum-rubber-band", \
     "wall_hits_by_distance.dat" index 1 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 2 title "momentum-hard-stop", \
     "wall_hits_by_distance.dat" index 2 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 3 title "no-momentum-rubber-band", \
     "wall_hits_by_distance.dat" index 3 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 4 title "no-momentum-hard-stop"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "wall_hits_by_distance.svg"
replot
unset output
