# Wall hits per trial by distance to the item (95% intervals over participants)
# Re-run with: gnuplot wall_hits_by_distance.gp   (writes wall_hits_by_distance.png and wall_hits_by_distance.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "wall_hits_by_distance.png"
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
set title "Wall hits per trial by distance to the item"
set xlabel "distance to scroll (pt)"
set ylabel "wall hits (mean)"
set yrange [0:*]
set key inside top left
plot "wall_hits_by_distance.dat" index 0 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 1 title "momentum-rubber-band", \
     "wall_hits_by_distance.dat" index 1 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 2 title "momentum-hard-stop", \
     "wall_hits_by_distance.dat" index 2 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 3 title "no-momentum-rubber-band", \
     "wall_hits_by_distance.dat" index 3 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 4 title "no-momentum-hard-stop"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "wall_hits_by_distance.svg"
replot
unset output
