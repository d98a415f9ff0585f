#include "window/application.h"

int main(int argc, char* argv[]) {
    return pecards::gui::runPecards(argc, argv);
}
