// The routing logic's internal arithmetic: its width W and exact division by configuration constants
// (the Dragonfly's p, a, h; constants once synthesized).

// Internal arithmetic width: wide enough for a*(a*h+1) of every geometry the fields can name.
localparam integer W = 24;

// Every dividend is cut to the width it has (a 24-bit constant division is a deep array in synthesis).
// The decision's own positions are not divided at all: the unit takes this router's and the destination's
// group, index and terminal port as inputs (hiradix_routing_unit.v), and the owner of a group's global link
// from the router's group table. What is left (a link number by h: the far end of a global link under the
// consecutive arrangement, in Valiant's draws) divides with div_router, by default the operator; div_by divides as a multiply by the divisor's reciprocal (Granlund-Montgomery): for x < 2^n
// and 1 <= d < 2^15, floor(x / d) = (x * M) >> S exactly, with S = n + ceil(log2 d) and
// M = ceil(2^S / d): M*d - 2^S < d <= 2^(S - n), so the error x*(M*d - 2^S)/(d*2^S) < 1/d never carries
// into the quotient (tests/test_rtl_routing.cpp checks every d and x); a power of two d gives a shift.
// M and S are computed once per divisor from the cfg_* inputs: constants that Yosys folds, so synthesis
// sees a multiply by a constant (shifts and adds) instead of a divider. Dividends are terminal numbers
// (n = NODE_W) or router, group or link numbers (n = ROUTER_W: every network has < 2^ROUTER_W routers).
localparam integer DIV_N = NODE_W;      // the widest dividend
localparam integer DIV_MW = DIV_N + 1;  // M < 2^(n + 1)
localparam integer DIV_SW = 5;          // S <= DIV_N + 15 < 32

function [DIV_SW-1:0] recip_shift(input [W-1:0] d, input [DIV_SW-1:0] n);
  reg [W-1:0] power;
  integer i;
  begin
    recip_shift = n;
    power = {{(W-1){1'b0}}, 1'b1};
    for (i = 0; i < 15; i = i + 1) begin  // + ceil(log2 d): the powers 2^i, i < 15, below d
      if (power < d) recip_shift = recip_shift + 1'b1;
      power = power << 1;
    end
  end
endfunction

function [DIV_MW-1:0] recip_mult(input [W-1:0] d, input [DIV_SW-1:0] s);
  /* verilator lint_off UNUSEDSIGNAL */
  reg [63:0] q;  // < 2^DIV_MW
  /* verilator lint_on UNUSEDSIGNAL */
  begin
    if (d == {W{1'b0}}) q = 64'd0;  // no geometry: any M
    else q = ((64'd1 << s) + {{(64-W){1'b0}}, d} - 64'd1) / {{(64-W){1'b0}}, d};
    recip_mult = q[DIV_MW-1:0];
  end
endfunction

// floor(x / d) for the divisor whose reciprocal is (m, s); x < 2^DIV_N.
/* verilator lint_off UNUSEDSIGNAL */
function [W-1:0] div_by(input [W-1:0] x, input [DIV_MW-1:0] m, input [DIV_SW-1:0] s);
  reg [DIV_N+DIV_MW-1:0] product, quotient;  // x's high bits are zero; the quotient fits DIV_N bits
  begin
    product = {{DIV_MW{1'b0}}, x[DIV_N-1:0]} * {{DIV_N{1'b0}}, m};
    quotient = product >> s;
    div_by = {{(W-DIV_N){1'b0}}, quotient[DIV_N-1:0]};
  end
endfunction

// floor(x / d) for x < 2^ROUTER_W (router, group and link numbers). Measured (docs/synthesis.md), Yosys
// maps a 12-bit dividend's constant division to fewer and faster cells than the reciprocal's multiply
// (its constant multiplier is a plain array, about 350 cells at this width against 70-120), so by
// default this division stays the operator, on the narrow dividend; ROUTER_DIV_RECIPROCAL = 1 selects
// the multiply (m, s for n = ROUTER_W). Either way it is exact and the divisor a constant after synthesis.
localparam ROUTER_DIV_RECIPROCAL = 1'b0;
function [W-1:0] div_router(input [W-1:0] x, input [W-1:0] d, input [DIV_MW-1:0] m, input [DIV_SW-1:0] s);
  begin
    if (ROUTER_DIV_RECIPROCAL) div_router = div_by({{(W-ROUTER_W){1'b0}}, x[ROUTER_W-1:0]}, m, s);
    else div_router = d == {W{1'b0}} ? {W{1'b0}} : {{(W-ROUTER_W){1'b0}}, x[ROUTER_W-1:0]} / d;
  end
endfunction
/* verilator lint_on UNUSEDSIGNAL */
