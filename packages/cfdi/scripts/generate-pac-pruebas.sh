#!/bin/sh
# Generates the project's own TEST stamping authority (PAC de pruebas): a self-signed RSA-2048 certificate
# and its private key (encrypted PKCS#8 DER, password 12345678a, like the SAT's public test CSDs).
# Run once; the result is committed in pac-pruebas/. It is a throwaway key of nobody: it only signs the TFD
# of CFDIs the tests and the demo issue, and it is trusted only when trustTestCertificates / SAT_TEST_CERTS
# is true. The certificate number (its serial read as ASCII) is NUMBER below, 20 digits as the SAT's.
set -eu
cd "$(dirname "$0")/../pac-pruebas"
NUMBER=90001000000000000001
SERIAL=$(printf %s "$NUMBER" | od -An -tx1 | tr -d ' \n')
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/key.pem"
cat > "$work/ca.cnf" <<CNF
[ ca ]
default_ca = pac
[ pac ]
dir = $work
database = $work/index.txt
new_certs_dir = $work
serial = $work/serial
default_md = sha256
policy = any
unique_subject = no
preserve = yes
copy_extensions = none
[ any ]
commonName = supplied
organizationName = optional
organizationalUnitName = optional
x500UniqueIdentifier = optional
[ req ]
distinguished_name = dn
prompt = no
string_mask = utf8only
[ dn ]
CN = PORTAL PRUEBAS PAC
O = PORTAL PRUEBAS PAC
OU = PAC de pruebas del Portal de Proveedores (sin validez fiscal)
x500UniqueIdentifier = PPP250101AA1
[ ext ]
basicConstraints = critical, CA:false
keyUsage = critical, digitalSignature, nonRepudiation
CNF
: > "$work/index.txt"
printf %s "$SERIAL" > "$work/serial"
openssl req -new -key "$work/key.pem" -config "$work/ca.cnf" -out "$work/req.csr"
openssl ca -batch -selfsign -config "$work/ca.cnf" -keyfile "$work/key.pem" -in "$work/req.csr" \
  -startdate 20230101000000Z -enddate 20371231235959Z -extensions ext -notext -out "$work/cert.pem"
openssl x509 -in "$work/cert.pem" -outform DER -out "$NUMBER.cer"
openssl pkcs8 -topk8 -in "$work/key.pem" -outform DER -v2 aes-256-cbc -passout pass:12345678a -out "$NUMBER.key"
openssl x509 -inform DER -in "$NUMBER.cer" -noout -subject -serial -dates
