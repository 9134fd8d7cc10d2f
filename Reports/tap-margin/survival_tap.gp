# Time until the intended button is tapped (taps) (95% pointwise bands from a bootstrap over participants; trials that never got there are censored when the person stopped)
# Re-run with: gnuplot survival_tap.gp   (writes survival_tap.png and survival_tap.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "survival_tap.png"
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
set title "Time until the intended button is tapped (taps)"
set xlabel "time since the trial started (s)"
set ylabel "fraction who reached the goal (Kaplan–Meier)"
set yrange [0:1]
set xrange [0:*]
set arrow from 1.0, graph 0 to 1.0, graph 1 nohead dashtype 2
set label "1 s" at 1.0, graph 0.05 offset 0.5,0
plot "survival_tap.dat" index 1 using 1:2:3 with filledcurves fillstyle transparent solid 0.15 linecolor 1 notitle, \
     "survival_tap.dat" index 0 using 1:2 with steps linewidth 2 linecolor 1 title "tap-exact", \
     "survival_tap.dat" index 3 using 1:2:3 with filledcurves fillstyle transparent solid 0.15 linecolor 2 notitle, \
     "survival_tap.dat" index 2 using 1:2 with steps linewidth 2 linecolor 2 title "tap-margin"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "survival_tap.svg"
replot
unset output
