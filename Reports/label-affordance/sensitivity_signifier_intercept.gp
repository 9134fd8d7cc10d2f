# Effect on label_tapped as signifier.intercept varies
# Re-run with: gnuplot sensitivity_signifier_intercept.gp   (writes sensitivity_signifier_intercept.png and sensitivity_signifier_intercept.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "sensitivity_signifier_intercept.png"
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
set title "Difference in label_tapped against the first strategy, by signifier.intercept"
set xlabel "log-odds that a person judges a control tappable when it shows no cue (plain dark text on the page, at the top centre)"
set ylabel "difference in label tapped"
set xzeroaxis linetype -1
set offsets graph 0.05, graph 0.05, 0, 0
plot "sensitivity_signifier_intercept.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "plain-title vs button-like-title", "sensitivity_signifier_intercept.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "sensitivity_signifier_intercept.svg"
replot
unset output
