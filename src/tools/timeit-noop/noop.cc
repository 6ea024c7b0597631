// timeit-noop: a program that does nothing. What timeit reports for it (timeit --calibrate)
// is the part of every measurement that is timeit's own, and the kernel's exec of a static
// program, rather than the program's.
int main() { return 0; }
