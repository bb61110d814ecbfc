vcl 4.1;

# Varnish in front of the service under benchmark (started by bench/src/varnish.ts).
#
# Nothing but the backend: the rest is Varnish's builtin VCL (`varnishd -x builtin`), which is
# what is measured. It passes any request with a Cookie or Authorization header or a method other
# than GET and HEAD, and stores an answer for as long as its Cache-Control says (s-maxage first,
# then max-age; stale-while-revalidate gives grace), except one with Set-Cookie or marked
# private, no-cache or no-store. varnishd runs with `-t 0`, so an answer that says nothing is not
# stored either.

# The service: PORTS.api in bench/src/main.ts.
backend service {
  .host = "127.0.0.1";
  .port = "4310";
}
