# Share of the photo left in view, by number of filters
# Re-run with: gnuplot photo_share_by_count.gp   (writes photo_share_by_count.png and photo_share_by_count.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "photo_share_by_count.png"
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
set title "Share of the photo left in view, by number of filters"
set xlabel "filters"
set ylabel "photo share"
set yrange [0:1.05]
set xrange [0:16]
plot "photo_share_by_count.dat" index 0 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 1 title "harmonica", \
     "photo_share_by_count.dat" index 1 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 2 title "thumbnail-strip"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "photo_share_by_count.svg"
replot
unset output
