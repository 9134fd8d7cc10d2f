# First-touch errors by button size (95% intervals over participants)
# Re-run with: gnuplot size_rates.gp   (writes size_rates.png and size_rates.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "size_rates.png"
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
set title "First-touch errors by button size"
set xlabel "button size (pt)"
set ylabel "rate"
set yrange [0:1.05]
set xrange [24.0:48.0]
plot "size_rates.dat" index 0 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 1 dashtype 1 title "tap-exact: missed taps", \
     "size_rates.dat" index 1 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 2 dashtype 2 title "tap-exact: take-backs that went through", \
     "size_rates.dat" index 2 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 3 dashtype 1 title "tap-margin: missed taps", \
     "size_rates.dat" index 3 using 1:2:3:4 with yerrorlines linewidth 2 pointtype 7 linecolor 4 dashtype 2 title "tap-margin: take-backs that went through"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "size_rates.svg"
replot
unset output
