# Hit rate against target size (dual-Gaussian landing)
# Re-run with: gnuplot hit_rate.gp   (writes hit_rate.png and hit_rate.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "hit_rate.png"
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
set title "Hit rate against target size (dual-Gaussian landing)"
set xlabel "target size (mm)"
set ylabel "hit rate"
plot "hit_rate.dat" index 1 using 1:2 with lines linewidth 2 \
     linecolor rgb "#888888" title "published", \
     "hit_rate.dat" index 0 using 1:2 with points pointtype 7 pointsize 1.2 linecolor 1 title "model"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "hit_rate.svg"
replot
unset output
