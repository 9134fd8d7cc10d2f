# Exploring: which of the 24 effects people settled on (catalogue order; the grid shows 1–6 first)
# Re-run with: gnuplot usage.gp   (writes usage.png and usage.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "usage.png"
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
set title "Which effect a satisficing person settles on"
set xlabel "effect (catalogue order; grid rows of three)"
set ylabel "share of exploring trials"
set xrange [0:25]
set arrow from 6.5, graph 0 to 6.5, graph 1 nohead dashtype 2
set label "first six" at 1, graph 0.95
plot "usage.dat" index 0 using ($1 + -0.3):2 with impulses linewidth 4 linecolor 1 title "grid-sliders", \
     "usage.dat" index 1 using ($1 + -0.09999999999999998):2 with impulses linewidth 4 linecolor 2 title "grid-swipe", \
     "usage.dat" index 2 using ($1 + 0.10000000000000003):2 with impulses linewidth 4 linecolor 3 title "book-sliders", \
     "usage.dat" index 3 using ($1 + 0.3000000000000001):2 with impulses linewidth 4 linecolor 4 title "book-swipe"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "usage.svg"
replot
unset output
