# Effect on reached_effect as cognition.label_inference_probability varies
# Re-run with: gnuplot sensitivity_cognition_label_inference_probability.gp   (writes sensitivity_cognition_label_inference_probability.png and sensitivity_cognition_label_inference_probability.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "sensitivity_cognition_label_inference_probability.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Difference in reached_effect against the first strategy, by cognition.label_inference_probability"
set xlabel "cognition.label_inference_probability"
set ylabel "difference in reached_effect"
set xzeroaxis linetype -1
set offsets graph 0.05, graph 0.05, 0, 0
plot "sensitivity_cognition_label_inference_probability.dat" index 0 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 1 title "crammed-control vs six-sliders", "sensitivity_cognition_label_inference_probability.dat" index 0 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 1 notitle, \
     "sensitivity_cognition_label_inference_probability.dat" index 1 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 2 title "exposure-control vs six-sliders", "sensitivity_cognition_label_inference_probability.dat" index 1 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 2 notitle, \
     "sensitivity_cognition_label_inference_probability.dat" index 2 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 3 title "histogram-bottom vs six-sliders", "sensitivity_cognition_label_inference_probability.dat" index 2 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 3 notitle, \
     "sensitivity_cognition_label_inference_probability.dat" index 3 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 4 title "histogram-touch vs six-sliders", "sensitivity_cognition_label_inference_probability.dat" index 3 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 4 notitle, \
     "sensitivity_cognition_label_inference_probability.dat" index 4 using 1:2 with linespoints linewidth 2 pointtype 7 linecolor 5 title "on-image vs six-sliders", "sensitivity_cognition_label_inference_probability.dat" index 4 using 1:2:3:4 with yerrorbars pointtype 7 linecolor 5 notitle
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "sensitivity_cognition_label_inference_probability.svg"
replot
unset output
