# Effect on time_to_done_s as learning.throw_update varies
# Re-run with: gnuplot sensitivity_learning_throw_update.gp   (writes sensitivity_learning_throw_update.png and sensitivity_learning_throw_update.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "sensitivity_learning_throw_update.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Difference in time_to_done_s against the first strategy, by learning.throw_update"
set xlabel "learning.throw_update"
set ylabel "difference in time_to_done_s"
set xzeroaxis linetype -1
set offsets graph 0.05, graph 0.05, 0, 0
plot "sensitivity_learning_throw_update.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "momentum-hard-stop vs momentum-rubber-band", "sensitivity_learning_throw_update.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle, \
     "sensitivity_learning_throw_update.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "no-momentum-hard-stop vs momentum-rubber-band", "sensitivity_learning_throw_update.dat" index 1 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 2 notitle, \
     "sensitivity_learning_throw_update.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "no-momentum-rubber-band vs momentum-rubber-band", "sensitivity_learning_throw_update.dat" index 2 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 3 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "sensitivity_learning_throw_update.svg"
replot
unset output
