// The routing logic's internal arithmetic: its width W and exact division by a constant.

// Internal arithmetic width: wide enough for a*(a*h+1) of every geometry the fields can name.
localparam integer W = 24;

// The routing decision divides nothing by the network's geometry: the unit takes this router's and the
// destination's group, index and terminal port as inputs (hiradix_routing_unit.v), the owner of a group's
// global link from the router's group table and the far ends of its group's links from its straps. What is
// left is a constant's division (OLM's threshold by 100, routing/hiradix_route_occupancy.v): div_by divides
// as a multiply by the divisor's reciprocal (Granlund-Montgomery): for x < 2^n
// and 1 <= d < 2^15, floor(x / d) = (x * M) >> S exactly, with S = n + ceil(log2 d) and
// M = ceil(2^S / d): M*d - 2^S < d <= 2^(S - n), so the error x*(M*d - 2^S)/(d*2^S) < 1/d never carries
// into the quotient (tests/test_rtl_routing.cpp checks every d and x); a power of two d gives a shift.
// M and S are computed once per divisor (recip_shift, recip_mult): constants that Yosys folds, so synthesis
// sees a multiply by a constant (shifts and adds) instead of a divider.
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

/* verilator lint_on UNUSEDSIGNAL */
