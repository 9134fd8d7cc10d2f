# Share of the photo left in view, by number of filters
# Re-run with: gnuplot photo_share_by_count.gp   (writes photo_share_by_count.png and photo_share_by_count.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "photo_share_by_count.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
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
