# First throw lands in the intended corner (95% participant-bootstrap intervals)
# Re-run with: gnuplot landing_rate.gp   (writes landing_rate.png and landing_rate.svg here)
set terminal pngcairo noenhanced size 900,560 font "DejaVu Sans,11"
set output "landing_rate.png"
set encoding utf8
set datafile separator "\t"
set key below
set grid
set title "First throw lands in the intended corner"
set ylabel "landing rate"
set yrange [0:1.05]
set xrange [-0.6:5.6]
set xtics ("nearest-corner" 0, "nearest-corner-ignore" 1, "projected-momentum" 2, "projected-momentum-last-two" 3, "projected-momentum-ignore" 4, "projected-momentum-fast" 5)
plot "landing_rate.dat" every ::0::0 using 1:2:3:4 with yerrorbars pointtype 7 pointsize 1.3 title "iphone-15-portrait", \
     "landing_rate.dat" every ::1::1 using 1:2:3:4 with yerrorbars pointtype 7 pointsize 1.3 title "iphone-15-landscape", \
     "landing_rate.dat" every ::2::2 using 1:2:3:4 with yerrorbars pointtype 7 pointsize 1.3 title "ipad-pro-12.9-landscape"
set terminal svg noenhanced size 900,560 font "DejaVu Sans,11" dynamic
set output "landing_rate.svg"
replot
unset output
