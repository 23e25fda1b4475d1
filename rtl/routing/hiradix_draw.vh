// Uniform draw in [0, n) from 32 random bits: the high half of bits * n (router/common/lfsr.h, lfsr_draw; one
// multiplier in hardware). Needs W (topology/hiradix_dragonfly.vh).
function [W-1:0] draw(input [31:0] bits, input [W-1:0] n);
  /* verilator lint_off UNUSEDSIGNAL */
  reg [31+W:0] product;  // the low 32 bits are the discarded fraction
  /* verilator lint_on UNUSEDSIGNAL */
  begin
    product = {{W{1'b0}}, bits} * {32'b0, n};
    draw = product[31+W:32];
  end
endfunction
