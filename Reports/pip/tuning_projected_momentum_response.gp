# time_to_effect_s as projected-momentum.response varies
# Re-run with: gnuplot tuning_projected_momentum_response.gp   (writes tuning_projected_momentum_response.png and tuning_projected_momentum_response.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "tuning_projected_momentum_response.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "Median time_to_effect_s by projected-momentum.response (filled: best and within noise of it)"
set xlabel "projected-momentum.response"
set ylabel "median time_to_effect_s"
set offsets graph 0.05, graph 0.05, graph 0.05, graph 0.05
plot "tuning_projected_momentum_response.dat" using 1:2:3:4 with yerrorbars pointtype 6 linecolor 1 title "median with interval", \
     "tuning_projected_momentum_response.dat" using 1:2 with lines linecolor 1 notitle, \
     "tuning_projected_momentum_response.dat" using 1:($5 > 0 ? $2 : 1/0) with points pointtype 7 pointsize 1.5 linecolor 2 title "best or within noise"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "tuning_projected_momentum_response.svg"
replot
unset output
