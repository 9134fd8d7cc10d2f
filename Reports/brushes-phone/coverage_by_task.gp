# Coverage of the region by task (95% intervals over participants)
# Re-run with: gnuplot coverage_by_task.gp   (writes coverage_by_task.png and coverage_by_task.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "coverage_by_task.png"
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
set title "Coverage of the region"
set xtics ("face-lighten" 0, "sky-saturate" 1)
set xrange [-0.6:1.6]
set ylabel "share of the meant change (mean)"
set yrange [0:*]
set key outside right
plot "coverage_by_task.dat" index 0 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 1 title "toolbox", \
     "coverage_by_task.dat" index 1 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 2 title "popup", \
     "coverage_by_task.dat" index 2 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 3 title "bricks", \
     "coverage_by_task.dat" index 3 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 4 title "brush-row", \
     "coverage_by_task.dat" index 4 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 5 title "bottom-icons"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "coverage_by_task.svg"
replot
unset output
