# Erasing strokes per trial by task (95% intervals over participants)
# Re-run with: gnuplot erases_by_task.gp   (writes erases_by_task.png and erases_by_task.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "erases_by_task.png"
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
set title "Erasing strokes per trial"
set xtics ("face-lighten" 0, "sky-saturate" 1, "skin-soften" 2)
set xrange [-0.6:2.6]
set ylabel "erases (mean)"
set yrange [0:*]
set key outside right
plot "erases_by_task.dat" index 0 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 1 title "popup", \
     "erases_by_task.dat" index 1 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 2 title "bricks", \
     "erases_by_task.dat" index 2 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 3 title "brush-row", \
     "erases_by_task.dat" index 3 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 4 title "bottom-icons", \
     "erases_by_task.dat" index 4 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 5 title "popup-strong", \
     "erases_by_task.dat" index 5 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 6 title "popup-edges", \
     "erases_by_task.dat" index 6 using 1:2:3:4 with yerrorbars linewidth 2 pointtype 7 linecolor 7 title "popup-slider"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "erases_by_task.svg"
replot
unset output
