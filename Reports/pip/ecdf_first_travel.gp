# How far the finger moved on first throws that landed as intended
# Re-run with: gnuplot ecdf_first_travel.gp   (writes ecdf_first_travel.png and ecdf_first_travel.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "ecdf_first_travel.png"
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
set title "How far the finger moved on first throws that landed as intended"
set xlabel "finger travel of the first throw (pt)"
set ylabel "fraction of trials"
set yrange [0:1]
set xrange [0:*]
plot "ecdf_first_travel.dat" index 0 using 1:2 with steps linewidth 2 linecolor 1 title "nearest-corner", \
     "ecdf_first_travel.dat" index 1 using 1:2 with steps linewidth 2 linecolor 2 title "nearest-corner-ignore", \
     "ecdf_first_travel.dat" index 2 using 1:2 with steps linewidth 2 linecolor 3 title "projected-momentum", \
     "ecdf_first_travel.dat" index 3 using 1:2 with steps linewidth 2 linecolor 4 title "projected-momentum-last-two", \
     "ecdf_first_travel.dat" index 4 using 1:2 with steps linewidth 2 linecolor 5 title "projected-momentum-ignore", \
     "ecdf_first_travel.dat" index 5 using 1:2 with steps linewidth 2 linecolor 6 title "projected-momentum-fast"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "ecdf_first_travel.svg"
replot
unset output
