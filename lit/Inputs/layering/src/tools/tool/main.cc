#include "timeit/pair/pair.h"

int main() { return Read(Write(Mean({1, 2}))) == 1.5 ? 0 : 1; }
