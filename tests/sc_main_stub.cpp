// libsystemc's own main() references sc_main; GoogleTest's main takes precedence and never calls it.
extern "C" int sc_main(int, char**) { return 1; }
