# Effect on time_to_effect_s as motor.release_speed_pt_s varies
# Re-run with: gnuplot sensitivity_motor_release_speed_pt_s.gp   (writes sensitivity_motor_release_speed_pt_s.png and sensitivity_motor_release_speed_pt_s.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "sensitivity_motor_release_speed_pt_s.png"
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
set title "Difference in time_to_effect_s against the first strategy, by motor.release_speed_pt_s"
set xlabel "this person's usual flick speed where the finger lets go (the peak of the modelled flick) (pt/s)"
set ylabel "difference in time to effect (s)"
set xzeroaxis linetype -1
set offsets graph 0.05, graph 0.05, 0, 0
plot "sensitivity_motor_release_speed_pt_s.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "nearest-corner-ignore vs nearest-corner", "sensitivity_motor_release_speed_pt_s.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle, \
     "sensitivity_motor_release_speed_pt_s.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "projected-momentum vs nearest-corner", "sensitivity_motor_release_speed_pt_s.dat" index 1 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 2 notitle, \
     "sensitivity_motor_release_speed_pt_s.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "projected-momentum-fast vs nearest-corner", "sensitivity_motor_release_speed_pt_s.dat" index 2 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 3 notitle, \
     "sensitivity_motor_release_speed_pt_s.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "projected-momentum-ignore vs nearest-corner", "sensitivity_motor_release_speed_pt_s.dat" index 3 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 4 notitle, \
     "sensitivity_motor_release_speed_pt_s.dat" index 4 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 5 title "projected-momentum-last-two vs nearest-corner", "sensitivity_motor_release_speed_pt_s.dat" index 4 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 5 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "sensitivity_motor_release_speed_pt_s.svg"
replot
unset output
