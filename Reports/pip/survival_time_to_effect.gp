# Time until the PIP rests in the intended corner (95% pointwise bands from a bootstrap over participants; trials that never got there are censored when the person stopped)
# Re-run with: gnuplot survival_time_to_effect.gp   (writes survival_time_to_effect.png and survival_time_to_effect.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "survival_time_to_effect.png"
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
set title "Time until the PIP rests in the intended corner"
set xlabel "time since the trial started (s)"
set ylabel "fraction who reached the goal (Kaplan–Meier)"
set yrange [0:1]
set xrange [0:*]
set arrow from 10.0, graph 0 to 10.0, graph 1 nohead dashtype 2
set label "10 s" at 10.0, graph 0.05 offset 0.5,0
plot "survival_time_to_effect.dat" index 1 using 1:2:3 with filledcurves fillstyle transparent solid 0.15 linecolor 1 notitle, \
     "survival_time_to_effect.dat" index 0 using 1:2 with steps linewidth 2 linecolor 1 title "nearest-corner", \
     "survival_time_to_effect.dat" index 3 using 1:2:3 with filledcurves fillstyle transparent solid 0.15 linecolor 2 notitle, \
     "survival_time_to_effect.dat" index 2 using 1:2 with steps linewidth 2 linecolor 2 title "nearest-corner-ignore", \
     "survival_time_to_effect.dat" index 5 using 1:2:3 with filledcurves fillstyle transparent solid 0.15 linecolor 3 notitle, \
     "survival_time_to_effect.dat" index 4 using 1:2 with steps linewidth 2 linecolor 3 title "projected-momentum", \
     "survival_time_to_effect.dat" index 7 using 1:2:3 with filledcurves fillstyle transparent solid 0.15 linecolor 4 notitle, \
     "survival_time_to_effect.dat" index 6 using 1:2 with steps linewidth 2 linecolor 4 title "projected-momentum-last-two", \
     "survival_time_to_effect.dat" index 9 using 1:2:3 with filledcurves fillstyle transparent solid 0.15 linecolor 5 notitle, \
     "survival_time_to_effect.dat" index 8 using 1:2 with steps linewidth 2 linecolor 5 title "projected-momentum-ignore", \
     "survival_time_to_effect.dat" index 11 using 1:2:3 with filledcurves fillstyle transparent solid 0.15 linecolor 6 notitle, \
     "survival_time_to_effect.dat" index 10 using 1:2 with steps linewidth 2 linecolor 6 title "projected-momentum-fast"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "survival_time_to_effect.svg"
replot
unset output
