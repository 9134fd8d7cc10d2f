# Effect on right_first_time as motor.landing_y_abs_mm2 varies
# Re-run with: gnuplot sensitivity_motor_landing_y_abs_mm2.gp   (writes sensitivity_motor_landing_y_abs_mm2.png and sensitivity_motor_landing_y_abs_mm2.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "sensitivity_motor_landing_y_abs_mm2.png"
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
set title "Difference in right_first_time against the first strategy, by motor.landing_y_abs_mm2"
set xlabel "Bi–Zhai dual-Gaussian: absolute vertical landing variance (mm²)"
set ylabel "difference in right first time"
set xzeroaxis linetype -1
set offsets graph 0.05, graph 0.05, 0, 0
plot "sensitivity_motor_landing_y_abs_mm2.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "tap-margin vs tap-exact", "sensitivity_motor_landing_y_abs_mm2.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "sensitivity_motor_landing_y_abs_mm2.svg"
replot
unset output
