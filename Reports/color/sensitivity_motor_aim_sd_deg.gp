# Effect on reached_effect as motor.aim_sd_deg varies
# Re-run with: gnuplot sensitivity_motor_aim_sd_deg.gp   (writes sensitivity_motor_aim_sd_deg.png and sensitivity_motor_aim_sd_deg.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "sensitivity_motor_aim_sd_deg.png"
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
set title "Difference in reached_effect against the first strategy, by motor.aim_sd_deg"
set xlabel "standard deviation of an aimed movement's direction around the intended one: a throw's, and (reused, not separately measured) a drag's along one axis of a two-axis pad (°)"
set ylabel "difference in reached effect"
set xzeroaxis linetype -1
set offsets graph 0.05, graph 0.05, 0, 0
plot "sensitivity_motor_aim_sd_deg.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "four-controls-one-axis vs four-controls-two-axis", "sensitivity_motor_aim_sd_deg.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle, \
     "sensitivity_motor_aim_sd_deg.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "on-image vs four-controls-two-axis", "sensitivity_motor_aim_sd_deg.dat" index 1 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 2 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "sensitivity_motor_aim_sd_deg.svg"
replot
unset output
