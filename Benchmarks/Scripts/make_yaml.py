#!/usr/bin/env python3
"""Writes a YAML stream of about SIZE megabytes: Kubernetes-like documents (mappings, block and
flow sequences, quoted and plain scalars, a literal block, comments, an anchor and its alias),
deterministic, for the YAML benchmarks.

    python3 Benchmarks/Scripts/make_yaml.py SIZE_MB OUT.yaml
"""
import sys

size = int(float(sys.argv[1]) * 1_000_000)
out = open(sys.argv[2], "w")
written = 0
n = 0
while written < size:
    text = f"""---
# deployment {n}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: service-{n}
  namespace: team-{n % 17}
  labels: &labels{n}
    app: service-{n}
    tier: "backend"
    version: v{n % 9}.{n % 13}.{n % 7}
spec:
  replicas: {1 + n % 5}
  selector:
    matchLabels: *labels{n}
  template:
    spec:
      containers:
        - name: app
          image: registry.example.com/service-{n}:{n % 100}
          ports: [{{containerPort: 8080, protocol: TCP}}, {{containerPort: 9090, protocol: TCP}}]
          env:
            - name: LOG_LEVEL
              value: 'info'
            - name: RATIO
              value: "{(n % 1000) / 1000}"
          command:
            - /bin/sh
            - -c
            - |
              echo starting {n}
              exec /app/server --port 8080
          resources: {{limits: {{cpu: 500m, memory: 256Mi}}, requests: {{cpu: 100m, memory: 128Mi}}}}
          enabled: {str(n % 2 == 0).lower()}
"""
    out.write(text)
    written += len(text)
    n += 1
print(f"{n} documents, {written} bytes")
