# Effect on time_to_done_s as paint.cells varies
# Re-run with: gnuplot sensitivity_paint_cells.gp   (writes sensitivity_paint_cells.png and sensitivity_paint_cells.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "sensitivity_paint_cells.png"
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
set title "Difference in time_to_done_s against the first strategy, by paint.cells"
set xlabel "patches across the photo's longer side at zoom 1 that a person painting judges one by one (paint more here, erase there); same size on screen when zoomed"
set ylabel "difference in time to done (s)"
set xzeroaxis linetype -1
set offsets graph 0.05, graph 0.05, 0, 0
plot "sensitivity_paint_cells.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "bottom-icons vs toolbox", "sensitivity_paint_cells.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle, \
     "sensitivity_paint_cells.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "bricks vs toolbox", "sensitivity_paint_cells.dat" index 1 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 2 notitle, \
     "sensitivity_paint_cells.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "brush-row vs toolbox", "sensitivity_paint_cells.dat" index 2 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 3 notitle, \
     "sensitivity_paint_cells.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "popup vs toolbox", "sensitivity_paint_cells.dat" index 3 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 4 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "sensitivity_paint_cells.svg"
replot
unset output
