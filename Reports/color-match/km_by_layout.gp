# Time to match by dimension and feedback (Kaplan–Meier; trials stopped without a match are censored)
# Re-run with: gnuplot km_by_layout.gp   (writes km_by_layout.png and km_by_layout.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "km_by_layout.png"
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
set title "Time to match by dimension and feedback"
set xlabel "time since the trial started (s)"
set ylabel "fraction judged matched"
set yrange [0:1]
set xrange [0:*]
set arrow from 10.0, graph 0 to 10.0, graph 1 nohead dashtype 2
set label "10 s" at 10.0, graph 0.05 offset 0.5,0
plot "km_by_layout.dat" index 0 using 1:2 with steps linewidth 2 linecolor 1 title "1-D plain", \
     "km_by_layout.dat" index 1 using 1:2 with steps linewidth 2 linecolor 2 title "1-D gradient", \
     "km_by_layout.dat" index 2 using 1:2 with steps linewidth 2 linecolor 3 title "2-D plain", \
     "km_by_layout.dat" index 3 using 1:2 with steps linewidth 2 linecolor 4 title "2-D gradient"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "km_by_layout.svg"
replot
unset output
