# Simulated against published values
# Re-run with: gnuplot replications.gp   (writes replications.png and replications.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "replications.png"
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
set title "Simulated over published value (1 = agreement; band ±25 %)"
set logscale x
set xrange [0.1:10]
set yrange [0:15]
set xlabel "simulated / published"
set ytics ("" 0)
set object 1 rectangle from 0.8,0 to 1.25,15 \
    fillcolor rgb "#dddddd" fillstyle solid noborder behind
plot "replications.dat" using 2:1:3:4:ytic(5) with xerrorbars pointtype 7 linecolor 1 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "replications.svg"
replot
unset output
